import { errorBody } from '@/lib/contract/errors';

/** Any path of /sandbox/api that is no operation: 404 with the ErrorResponse. */
function notFound() {
  return Response.json(errorBody('NOT_FOUND', 'No such operation'), { status: 404 });
}
export { notFound as GET, notFound as POST, notFound as PUT, notFound as DELETE, notFound as PATCH };
