import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '~/client/lib/api-client';
import { readApiErrorBody } from '~/shared/api-error-reader';
import type { DataRequestSearchInput } from '~/shared/data-requests';
import { dataRequestApi } from './paths';
import { requestLogQueryKey } from './request-log';

/** The file name the server gave (Content-Disposition), or a plain one. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'data-request.zip';
}

/** Hands a downloaded file to the browser's downloads, as a link with `download` would. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; keep it a moment for slower browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * POST /api/admin/data-requests/export: the ZIP for a subject access request, saved as a download.
 * A POST (the identifier stays out of addresses), so it is fetched here rather than linked to.
 */
export async function exportPerson(input: DataRequestSearchInput): Promise<{ fileName: string }> {
  const response = await fetch(dataRequestApi.export, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/zip, application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    let body;
    try {
      body = readApiErrorBody(JSON.parse(text));
    } catch {
      body = undefined;
    }
    throw new ApiError(response.status, text, body);
  }
  const fileName = fileNameOf(response);
  saveFile(await response.blob(), fileName);
  return { fileName };
}

export function useExportPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportPerson,
    // The export is recorded in the request log.
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestLogQueryKey }),
  });
}
