import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '~/server/project-root';
import { authMessages } from '~/shared/auth-schemas';

/**
 * The server-side half of the password rules (the lengths are in the shared
 * schemas): refuse the most common passwords and their obvious variants
 * (ASVS 6.2.4 / 6.2.12). No composition rules (ASVS 6.2.5).
 */
let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  const file = path.join(projectRoot, 'src', 'server', 'auth', 'common-passwords.txt');
  const lines = readFileSync(file, 'utf8').split('\n');
  return new Set(lines.filter((line) => line && !line.startsWith('#')));
}

/** "password1234" and "Qwertyuiop!!" are as weak as "password" and "qwertyuiop". */
function variants(password: string): string[] {
  const lower = password.normalize('NFC').toLowerCase();
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  return [lower, core, lower.replace(/\s+/g, '')];
}

/** Returns the message to show, or null when the password is acceptable. */
export function weakPasswordReason(password: string, context: { username?: string } = {}): string | null {
  commonPasswords ??= loadCommonPasswords();
  const [lower, core, squashed] = variants(password);
  if (new Set(lower).size <= 2) return authMessages.passwordTooCommon; // "aaaaaaaaaaaa", "abababababab"
  if ([lower, squashed].some((v) => commonPasswords!.has(v!))) return authMessages.passwordTooCommon;
  if (core!.length >= 4 && commonPasswords.has(core!)) return authMessages.passwordTooCommon;
  if (
    context.username &&
    lower!.includes(context.username.toLowerCase()) &&
    core!.length <= context.username.length + 4
  ) {
    return authMessages.passwordTooCommon;
  }
  return null;
}
