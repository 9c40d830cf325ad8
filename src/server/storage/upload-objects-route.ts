import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPublicUploadPath, uploadContentType, type FetchedUpload, type FetchUpload } from './public-uploads';

/**
 * GET and HEAD /uploads/<area>/<name> from an object store (STORAGE=s3), answering as the folder's
 * @fastify/static route does: the same Cache-Control and Content-Type, ETag and Last-Modified with
 * 304 on If-None-Match (or If-Modified-Since), byte ranges for audio players, and a 404 for a name
 * not in our shape (the store is not even asked) or not stored.
 */
export async function uploadObjectsRoute(
  app: FastifyInstance,
  options: { fetch: FetchUpload; cacheControl: string },
): Promise<void> {
  const { fetch, cacheControl } = options;
  // Fastify answers HEAD with this handler too, and sends no body.
  app.get('/uploads/*', async (request, reply) => {
    const pathname = `/${(request.params as { '*': string })['*']}`;
    if (!isPublicUploadPath(pathname)) return reply.callNotFound();
    const [, area = '', name = ''] = pathname.split('/');
    const head = request.method === 'HEAD';
    const conditional = Boolean(request.headers['if-none-match'] ?? request.headers['if-modified-since']);
    // One range from a given byte, as players ask (`bytes=0-`, `bytes=N-M`); other forms are ignored
    // and the whole file sent, as HTTP allows (s3rver cannot test suffix ranges).
    const range = head || !/^bytes=\d+-\d*$/.test(request.headers.range ?? '') ? undefined : request.headers.range;
    // A conditional GET asks for the details first: the bytes are fetched only if they are to be sent.
    let found = await fetch(area, name, { body: !head && !conditional, range });
    if (found && !head && !found.body && !isNotModified(request, found)) {
      found = await fetch(area, name, { body: true, range });
    }
    if (!found) return reply.callNotFound();
    reply.header('Cache-Control', cacheControl).header('Accept-Ranges', 'bytes');
    if (found.etag) reply.header('ETag', found.etag);
    if (found.lastModified) reply.header('Last-Modified', found.lastModified.toUTCString());
    if (isNotModified(request, found)) return reply.code(304).send();
    reply.type(uploadContentType(name));
    if (found.contentLength !== undefined) reply.header('Content-Length', found.contentLength);
    if (found.contentRange) reply.code(206).header('Content-Range', found.contentRange);
    // HEAD: an empty stream, as Fastify keeps the Content-Length set for a stream (not for '').
    return reply.send(found.body ?? Readable.from([]));
  });
}

/** As @fastify/send decides: If-None-Match when sent (weak comparison, lists, `*`), else If-Modified-Since. */
function isNotModified(request: FastifyRequest, found: FetchedUpload): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch) {
    if (noneMatch.trim() === '*') return true;
    const bare = (tag: string) => tag.trim().replace(/^W\//, '');
    return found.etag !== undefined && noneMatch.split(',').some((tag) => bare(tag) === bare(found.etag!));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return found.lastModified !== undefined && !Number.isNaN(since) && found.lastModified.getTime() <= since;
}
