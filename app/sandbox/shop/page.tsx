export { default } from '@sandbox/routes/shop/page';
