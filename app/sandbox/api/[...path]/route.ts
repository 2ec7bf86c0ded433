/** Every operation of the payments service's sandbox: routed by the operations table (lib/sandbox/http.ts). */
import { handleSandboxRequest } from '@/lib/sandbox/http';

export {
  handleSandboxRequest as GET,
  handleSandboxRequest as POST,
  handleSandboxRequest as PUT,
  handleSandboxRequest as DELETE,
  handleSandboxRequest as PATCH,
};
