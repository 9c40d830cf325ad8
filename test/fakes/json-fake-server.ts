import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseYaml } from 'yaml';
import { readFileSync } from 'node:fs';
import { createContract, parseFormBody, type Contract, type ContractOptions } from './openapi-contract';

/**
 * The plumbing shared by the fakes of JSON APIs (DVLA, DVSA, Twilio): a node:http server on an ephemeral
 * port that reads each request, asks the fake for an answer, and checks the exchange against the
 * provider's OpenAPI document, collecting problems in `contractProblems`. Requests to paths the
 * document does not cover (an OAuth token endpoint) are left to the fake and not checked.
 */

export interface FakeRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body text ('' for none). */
  text: string;
  /** The body parsed as JSON or as a form, by Content-Type; undefined when absent or unreadable. */
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  /** Sent as JSON; a Buffer is sent as is (media such as a call recording), with the fake's Content-Type. */
  body: unknown;
  headers?: Record<string, string>;
}

/** 'hang' leaves the request unanswered (for client time-outs); close() ends it. */
export type FakeReply = FakeAnswer | 'hang';

export interface JsonFakeServer {
  url: string;
  /** How many HTTP requests arrived, answered or not. */
  readonly requests: number;
  contractProblems: string[];
  reset(): void;
  close(): Promise<void>;
}

/**
 * Reads a provider document with YAML 1.2 (the `yaml` default), so `Yes`/`No` stay strings.
 * `adjust` may correct a known flaw of the document in memory (the file stays as published).
 */
export function loadYamlContract(
  file: string,
  options: ContractOptions = {},
  adjust: (document: Record<string, unknown>) => void = () => {},
): Contract {
  const document = parseYaml(readFileSync(file, 'utf8')) as Record<string, unknown>;
  adjust(document);
  return createContract(document, options);
}

export async function startJsonFakeServer(options: {
  contract: Contract;
  /** Whether the document describes this path; other paths are answered but not checked. */
  checked: (path: string) => boolean;
  answer: (request: FakeRequest) => FakeReply;
}): Promise<JsonFakeServer> {
  const contractProblems: string[] = [];
  const hanging = new Set<ServerResponse>();
  let requests = 0;

  const server = createServer((request, response) => {
    requests += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = request.method ?? 'GET';
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const text = Buffer.concat(chunks).toString('utf8');
      const body = parseBody(request.headers['content-type'], text);
      const checked = options.checked(path);
      const problems = checked
        ? options.contract.validateRequest({ method, path: request.url ?? '/', headers: request.headers, body })
        : [];
      const reply = options.answer({ method, path, headers: request.headers, text, body });
      if (reply === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
      } else {
        if (checked) {
          const found = options.contract.validateResponse({ method, path, status: reply.status, body: reply.body });
          problems.push(...found.filter((problem) => !problems.includes(problem)));
        }
        response.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
        response.end(Buffer.isBuffer(reply.body) ? reply.body : JSON.stringify(reply.body));
      }
      contractProblems.push(...problems);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    contractProblems,
    reset() {
      contractProblems.length = 0;
      requests = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function parseBody(contentType: string | undefined, text: string): unknown {
  if (text === '') return undefined;
  if ((contentType ?? '').startsWith('application/x-www-form-urlencoded')) return parseFormBody(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `YYYY-MM-DD` of a date `years` years (and `days` days) from `now`, as the UAT data is relative to today. */
export function dateFrom(now: Date, years: number, days = 0): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() + years, now.getUTCMonth(), now.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}
