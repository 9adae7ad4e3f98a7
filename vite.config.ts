import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react()],
  build: { outDir: '../dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/storage': 'http://localhost:3000' },
  },
});
