export { GET, POST, PUT, DELETE, PATCH } from '@sandbox/routes/api/[...path]/route';
