import document from '@/openapi/payments.openapi.json';

/** GET /openapi.json: the checked-in OpenAPI 3.1 document of the payments service. */
export function GET() {
  return Response.json(document);
}
