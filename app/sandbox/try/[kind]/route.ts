import { fromOwnPage } from '@/lib/net/request-hosts';
import { tryItRoute } from '@sandbox/routes/try/[kind]/route';

/** POST /sandbox/try/{kind}: the home page's "try it" buttons (packages/sandbox/routes/try/[kind]/route.ts), for posts of the checkout's own pages. */
export const POST = tryItRoute({ fromOwnPage });
