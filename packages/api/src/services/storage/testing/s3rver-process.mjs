// Runs s3rver, a local S3-compatible server, for the storage contract test, in a child process the test
// forks: `node --openssl-legacy-provider s3rver-process.mjs <directory>`. It answers the parent with
// {port} once listening on 127.0.0.1 (random port) and stops when the parent disconnects.
// Why a process of its own: s3rver encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 only
// offers in its legacy provider; the flag is confined to this process.
import S3rver from 's3rver';

const directory = process.argv[2];
if (!directory || !process.send) {
  console.error('usage: fork s3rver-process.mjs <directory> (with an IPC channel)');
  process.exit(2);
}
const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
const { port } = await server.run();
process.send({ port });
process.on('disconnect', () => {
  server.close().finally(() => process.exit(0));
});
