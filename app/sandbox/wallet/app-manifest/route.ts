export { GET } from '@sandbox/routes/wallet/app-manifest/route';
