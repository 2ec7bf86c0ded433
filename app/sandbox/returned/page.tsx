export { default } from '@sandbox/routes/returned/page';
