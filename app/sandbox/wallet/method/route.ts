export { GET, HEAD } from '@sandbox/routes/wallet/method/route';
