/// <reference types="vite-plugin-pwa/client" />
// The service worker's registration (virtual:pwa-register), made by the build.
