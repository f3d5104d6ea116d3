import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The name the server gave the zip (Content-Disposition), or a dated one like it. */
function fileNameOf(response: Response): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const named = /filename="([^"]+)"/.exec(disposition)?.[1];
  return named ?? `payola-my-data-${new Date().toISOString().slice(0, 10)}.zip`;
}

/**
 * GET /api/me/export: the signed-in member's data as a zip, saved by the browser under the server's
 * name. Fetched rather than followed as a link so that a refusal (one export at a time, a few an
 * hour) shows the server's words on the page instead of a failed download.
 */
export function useDataExportMutation() {
  return useMutation({
    mutationFn: async () => {
      const response = await apiFetch('/api/me/export', { headers: { Accept: 'application/zip' } });
      const fileName = fileNameOf(response);
      const url = URL.createObjectURL(await response.blob());
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = fileName;
        document.body.append(link);
        link.click();
        link.remove();
      } finally {
        // The click has handed the file to the browser's download; the page need not keep it.
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      }
      return { fileName };
    },
  });
}
