import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsvImportBody, CsvPreview, ImportResult } from '@shared/contracts/imports';
import { apiJson } from '@/lib/api-client';
import { communityKeys } from '@/features/communities/api';

/** POST /api/import/csv/preview {csvData}: headers, row count, first rows and a suggested mapping. */
export function useCsvPreview(communityId: string) {
  return useMutation<CsvPreview, Error, string>({
    mutationFn: (csvData) => apiJson<CsvPreview>('POST', '/api/import/csv/preview', { csvData, communityId }),
  });
}

/** POST /api/import/csv: members, targets and that month's days; the member list is read again after. */
export function useCsvImport(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation<ImportResult, Error, CsvImportBody>({
    mutationFn: (body) => apiJson<ImportResult>('POST', '/api/import/csv', { ...body, communityId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: communityKeys.members(communityId) }),
  });
}
