import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import * as session from '@cloudphone/contracts/endpoints/admin/session';
import { call } from '../lib/api-client';

/**
 * The merchant's client a section works on (issue 64): the first until the operator picks another from
 * the picker, which shows only when there is more than one.
 */
export function useClientPick() {
  const clients = useQuery({ queryKey: ['console', 'client-names'], queryFn: () => call(session.clients) });
  const [picked, setPicked] = useState<number | null>(null);
  const client = clients.data?.find((c) => c.clientId === picked) ?? clients.data?.[0];
  const picker =
    clients.data && clients.data.length > 1 ? (
      <Select
        data-testid="client-pick"
        value={client?.clientId}
        onChange={setPicked}
        style={{ minWidth: 200 }}
        options={clients.data.map((c) => ({ value: c.clientId, label: `${c.name} (${c.clientNo})` }))}
      />
    ) : null;
  return { clients, client, picker };
}
