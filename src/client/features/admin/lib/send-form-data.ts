import { ApiError } from '~/client/lib/api-client';
import { readApiErrorBody } from '~/shared/api-error-reader';

/**
 * Sends a multipart form (photos and fields) and reports the share of it sent so far, 0 to 1.
 * XMLHttpRequest rather than fetch: only it reports upload progress in every browser. Resolves
 * with the JSON answer; rejects with an ApiError carrying the server's `{ message, issues }`, or
 * status 0 when the connection failed.
 */
export function sendFormData(url: string, body: FormData, onProgress?: (sent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    request.addEventListener('load', () => {
      const text = request.responseText;
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(json);
      else reject(new ApiError(request.status, text || request.statusText, readApiErrorBody(json)));
    });
    const failed = () => reject(new ApiError(0, 'Network error', undefined));
    request.addEventListener('error', failed);
    request.addEventListener('abort', failed);
    request.send(body);
  });
}
