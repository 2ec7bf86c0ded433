export { POST } from '@sandbox/routes/3ds/[paymentId]/method/route';
