import useSWR from 'swr';
import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { useDivisionId } from '../../../lib/division-context';

export type ViewerDocument = ApiResponse<typeof uploadsRoutes.getUpload>;

/** GET /api/uploads/{GUID}: the document's name, type, owner and whether the caller may annotate it. */
export function useViewerDocument(guid: string) {
  const divisionId = useDivisionId();
  return useSWR(cacheKey(divisionId, 'documents/one', guid), () =>
    callApi(uploadsRoutes.getUpload, { divisionId, params: { id: guid } }),
  );
}

/** GET /api/xfdf/{uploadId}: the document's stored annotations as XFDF. */
export async function loadXfdf(divisionId: string, doc: ViewerDocument): Promise<string> {
  const answer = await callApi(uploadsRoutes.getXfdf, {
    divisionId,
    params: { uploadId: doc.id },
    query: doc.projectId ? { projectId: doc.projectId } : {},
  });
  return answer.xfdf;
}
