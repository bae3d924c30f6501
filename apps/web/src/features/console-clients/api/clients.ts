import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminClient } from '@cloudphone/contracts/console-clients';
import type { ReplyOf } from '@cloudphone/contracts/endpoints/endpoint';
import type * as clients from '@cloudphone/contracts/endpoints/admin/clients';

export type ClientsReply = ReplyOf<typeof clients.list>;
/** The tenant's clients and limits in the query cache. */
export const CLIENTS_KEY = ['console', 'clients'] as const;

/**
 * A change of one client: it answers the client as it is after, which takes its place in the list;
 * the operator is told it was saved.
 */
export function useClientChange<V>(change: (values: V) => Promise<AdminClient>) {
  const { t } = useTranslation('console');
  const { message } = App.useApp();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (client) => {
      queries.setQueryData<ClientsReply>(
        CLIENTS_KEY,
        (list) => list && { ...list, clients: list.clients.map((c) => (c.clientId === client.clientId ? client : c)) },
      );
      void message.success(t('clients.saved'));
    },
  });
}
