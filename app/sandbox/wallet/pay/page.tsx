export { default, generateMetadata } from '@sandbox/routes/wallet/pay/page';
