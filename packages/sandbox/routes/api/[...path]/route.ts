/** Every operation of the payments service's sandbox: routed by the operations table (packages/sandbox/service/http.ts). */
import { handleSandboxRequest } from '@sandbox/service/http';

export {
  handleSandboxRequest as GET,
  handleSandboxRequest as POST,
  handleSandboxRequest as PUT,
  handleSandboxRequest as DELETE,
  handleSandboxRequest as PATCH,
};
