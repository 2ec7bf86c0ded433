export { GET } from '@sandbox/routes/wallet/method-manifest/route';
