import { readApiErrorBody } from '~/shared/api-error-reader';
import { ApiError } from './api-client';

/**
 * Posts a multipart form and reports the share of it sent so far, from 0 to 1. XMLHttpRequest
 * rather than fetch: only it reports upload progress in every browser. Resolves with the parsed
 * JSON answer when the status is `expected`; otherwise rejects with an ApiError carrying the
 * server's message, or one with status 0 when the connection failed or the upload was cancelled.
 */
export function uploadWithProgress(
  url: string,
  form: FormData,
  onProgress: (sent: number) => void,
  options: { expected: number; headers?: Record<string, string>; signal?: AbortSignal },
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const text = request.responseText;
      const body = parseJson(text);
      if (request.status === options.expected && body !== undefined) return resolve(body);
      reject(new ApiError(request.status, text || request.statusText, readApiErrorBody(body)));
    });
    const failed = () => reject(new ApiError(0, 'Network error', undefined));
    request.addEventListener('error', failed);
    request.addEventListener('abort', failed);
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
