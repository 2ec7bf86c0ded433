export { default, generateMetadata } from '@sandbox/routes/bank/payin/[paymentId]/page';
