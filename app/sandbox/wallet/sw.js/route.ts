export { GET } from '@sandbox/routes/wallet/sw.js/route';
