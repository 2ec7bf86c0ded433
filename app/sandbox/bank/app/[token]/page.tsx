export { default, generateMetadata } from '@sandbox/routes/bank/app/[token]/page';
