export { default } from '@sandbox/routes/embed/page';
