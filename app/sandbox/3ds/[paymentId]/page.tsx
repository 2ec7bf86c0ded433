export { default } from '@sandbox/routes/3ds/[paymentId]/page';
