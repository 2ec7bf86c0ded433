export { GET } from '@sandbox/routes/wallet/icon.png/route';
