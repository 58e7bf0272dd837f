import { describe, expect, it } from 'vitest';
import { pageAt } from '../../web/src/app/portalPages';

describe('the page a path opens', () => {
  it('finds the page under either base, case-insensitively, with its saved views', () => {
    expect(pageAt('/app/product')).toMatchObject({ path: 'product', views: 'inventory' });
    expect(pageAt('/APP/Product')).toMatchObject({ path: 'product' });
    expect(pageAt('/app/product/equipmentDetail/12')).toMatchObject({ path: 'product/equipmentDetail/:equipmentId' });
    expect(pageAt('/app/workOrder')?.views).toBe('workOrder');
    expect(pageAt('/admin/administration/productsManagement')?.views).toBe('productsManagement');
    expect(pageAt('/app/welcome')?.views).toBeUndefined();
  });

  it('finds nothing outside the portal or for an unknown path', () => {
    expect(pageAt('/login')).toBeUndefined();
    expect(pageAt('/app/nowhere')).toBeUndefined();
    expect(pageAt('/')).toBeUndefined();
  });
});
