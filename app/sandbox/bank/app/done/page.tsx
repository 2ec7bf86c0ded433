export { default, generateMetadata } from '@sandbox/routes/bank/app/done/page';
