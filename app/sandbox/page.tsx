import { cspViolationSummary } from '@/lib/security/csp-reports';
import { consolePage } from '@sandbox/routes/page';

export { generateMetadata } from '@sandbox/routes/page';
/** /sandbox: the sandbox's console (packages/sandbox/routes/page.tsx), shown the CSP reports the checkout's pages sent this instance. */
export default consolePage({ cspReports: cspViolationSummary });
