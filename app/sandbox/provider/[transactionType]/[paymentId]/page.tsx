export { default } from '@sandbox/routes/provider/[transactionType]/[paymentId]/page';
