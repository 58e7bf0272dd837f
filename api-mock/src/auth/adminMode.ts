/** Admin mode calls the same API under /admin/api (spec 1 section 7). */
export const isAdminApiPath = (url: string) => /^\/admin\/api(\/|$|\?)/i.test(url);
