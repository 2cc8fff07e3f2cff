import { apiRequest } from '@/lib/api-client';
import { attachmentName, saveBlob } from '@/lib/download';

/**
 * Asks the server for a JSON export (one's own data, or a community's) and saves it under the name the server
 * gives. Throws the ApiError of a refusal (429 after five an hour) for the caller's toast.
 */
export async function downloadExport(url: string, fallbackName: string): Promise<void> {
  const res = await apiRequest('GET', url);
  saveBlob(attachmentName(res.headers, fallbackName), await res.blob());
}
