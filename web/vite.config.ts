import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The local gateway (`npm start` at the root) answers the API and the runtime config. */
const GATEWAY = process.env.STORMLINE_GATEWAY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: GATEWAY, ws: true },
      '/config.json': GATEWAY,
      // Spec 000 §7 keeps these outside /api: custom dashboards, the calendar feed and downloads.
      '/customdashboard': GATEWAY,
      '/calendar': GATEWAY,
      '/dl': GATEWAY,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Route modules are lazy (app/router.tsx); the libraries every screen needs get stable
        // chunks of their own so a change in one screen does not invalidate them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 30,
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, priority: 20 },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 20 },
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
