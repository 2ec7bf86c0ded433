export { GET } from '@sandbox/routes/shop/launch/route';
