import { useEffect, useState } from 'react';
import type { Named } from '#shared/schemas/catalog.ts';
import { rowsOf } from '#shared/api/rows.ts';
import { api } from '../../lib/api.ts';

const NONE: Named[] = [];

/** The models of a make, loaded whenever the make changes; a failure is logged and leaves none. */
export function useModels(brand: number | null): Named[] {
  const [models, setModels] = useState<{ brand: number | null; list: Named[] }>({
    brand: null,
    list: [],
  });
  useEffect(() => {
    if (!brand) return;
    let alive = true;
    const param = { brandId: String(brand) };
    void api
      .call((r) => r.cars.brands[':brandId'].models.$get({ param, query: {} }))
      .then((res) => {
        if (!alive) return;
        if (res.code === 0) setModels({ brand, list: rowsOf(res.data) });
        else console.error(`Loading the models failed: ${res.message}`);
      });
    return () => {
      alive = false;
    };
  }, [brand]);
  return brand && models.brand === brand ? models.list : NONE;
}
