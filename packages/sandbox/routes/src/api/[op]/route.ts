/** The SRC system's browser API, `/sandbox/src/api/{op}` (packages/sandbox/service/src-system/browser-http.ts): POST and its CORS preflight; 405 for any other method. */
import { handleSrcApiRequest } from '@sandbox/service/src-system/browser-http';

async function handle(request: Request, { params }: { params: Promise<{ op: string }> }): Promise<Response> {
  return handleSrcApiRequest(request, (await params).op);
}

export { handle as POST, handle as OPTIONS, handle as GET, handle as PUT, handle as DELETE, handle as PATCH };
