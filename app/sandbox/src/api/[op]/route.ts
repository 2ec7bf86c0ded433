export { POST, OPTIONS, GET, PUT, DELETE, PATCH } from '@sandbox/routes/src/api/[op]/route';
