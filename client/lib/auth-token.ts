import { AUTH_TOKEN_STORAGE_KEY } from '../../shared/contracts/http';

export const authToken = {
  get: (): string | null => localStorage.getItem(AUTH_TOKEN_STORAGE_KEY),
  set: (token: string) => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token),
  clear: () => localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY),
};
