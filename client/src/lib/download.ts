import { apiRequest } from './api-client';

/** Saves `blob` as a download named `filename`, from the page (no navigation). */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Give the browser a moment to start the download before the address is revoked.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

const ATTACHMENT_NAME = /filename="([^"]+)"/;

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, else `fallback`. */
export function attachmentName(headers: Headers, fallback: string): string {
  return ATTACHMENT_NAME.exec(headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;
}

/**
 * Asks the server for a JSON export (one's own data, or a community's) and saves it under the name the server
 * gives. Throws the ApiError of a refusal (429 after five an hour) for the caller's toast.
 */
export async function downloadExport(url: string, fallbackName: string): Promise<void> {
  const res = await apiRequest('GET', url);
  saveBlob(attachmentName(res.headers, fallbackName), await res.blob());
}
