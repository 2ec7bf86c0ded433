/** PostCSS: Tailwind CSS 4's plugin. */
const config = { plugins: { '@tailwindcss/postcss': {} } };

export default config;
