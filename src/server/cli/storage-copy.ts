import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '~/server/config';
import { copyFolderStoreToS3 } from '~/server/storage/copy-to-s3';
import { bucketProblem, createS3Client } from '~/server/storage/s3-stores';

/**
 * `npm run storage:copy -- [--dry-run]`: copies the folder store under DATA_DIR into the bucket the
 * S3_ settings name (README: File storage). STORAGE may still say folder: the copy comes before the
 * switch. Exits 1 when anything failed, so a script running it stops there.
 */
const usage = 'Usage: npm run storage:copy -- [--dry-run]';

async function main() {
  const { values } = parseArgs({
    options: { 'dry-run': { type: 'boolean', default: false }, help: { type: 'boolean' } },
  });
  if (values.help) return console.log(usage);
  let config;
  try {
    config = loadConfig({ ...process.env, STORAGE: 's3' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78); // EX_CONFIG, as the server
  }
  if (config.storage.kind !== 's3') throw new Error('unreachable: STORAGE=s3 was set');
  const { bucket, prefix } = config.storage;
  const client = createS3Client(config.storage);
  const problem = await bucketProblem({ client, bucket });
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const dryRun = values['dry-run'];
  console.log(`${dryRun ? 'Dry run: nothing is written. ' : ''}Copying ${config.dataDir} to s3://${bucket}/${prefix}`);
  const counts = await copyFolderStoreToS3({
    dataDir: config.dataDir,
    target: { client, bucket, prefix },
    dryRun,
    log: (line) => console.error(line),
  });
  console.log(
    `${dryRun ? 'would copy' : 'copied'}: ${counts.copied}, skipped: ${counts.skipped}, failed: ${counts.failed}`,
  );
  client.destroy();
  if (counts.failed > 0) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(`Could not copy the files: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
