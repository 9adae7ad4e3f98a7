/**
 * The first page's requests, started by the page's HTML itself (the build inlines this function into index.html,
 * `vite.config.ts`): they leave while the app's code is still on its way, rather than once it has arrived and run,
 * a second or more on a slow link. The app adopts an answer asked for here when it asks for the same address
 * (`takeFirstAnswer` in `lib/first-data.ts`). It imports nothing: it runs alone, before any module.
 */
export function firstRequests(keys: { token: string; lastOven: string; answers: string }): void {
  try {
    const token = localStorage.getItem(keys.token);
    const headers: Record<string, string> = token
      ? { accept: 'application/json', authorization: `Bearer ${token}` }
      : { accept: 'application/json' };
    const answers: Record<string, Promise<Response>> = {};
    const get = (url: string) => {
      const answer = fetch(url, { headers });
      // Adopted or not, a failure is the app's to meet: it asks again.
      answer.catch(() => undefined);
      answers[url] = answer;
      return answer;
    };
    const json = <T>(answer: Promise<Response>) =>
      answer.then((r) =>
        r.ok ? (r.clone().json() as Promise<T>) : Promise.reject(new Error(String(r.status))),
      );
    // The session's check first; the shell's settings (the provider's name in the top bar) for a guest too.
    const check = token ? get('/api/auth/check') : undefined;
    get('/api/config');
    if (check) {
      get('/api/teams');
      // My Ovens as the menu opens it (a filter or an oven in the address: the page asks for itself).
      if (location.pathname === '/ovens' && location.search === '') {
        const list = get('/api/ovens?ovens=All&page=1');
        get('/api/locations?page=1&per_page=50');
        // The oven the page opens: the one this person had open last on this device, else the list's first.
        Promise.all([json<{ user?: { id?: number } }>(check), json<{ data?: { id?: number }[] }>(list)])
          .then(([me, page]) => {
            const id = Number(localStorage.getItem(keys.lastOven + me.user?.id)) || page.data?.[0]?.id;
            if (!id) return;
            get(`/api/ovens/${id}`);
            get(`/api/ovens/${id}/recipes`);
          })
          .catch(() => undefined);
      }
    }
    (window as unknown as Record<string, unknown>)[keys.answers] = { token, answers };
  } catch {
    // Storage refused (a private window): the app asks for everything itself.
  }
}
