import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';

/** The desktop screens the shop's screens lead to; null is the phone list. */
type ShopLink = 'buy' | 'renew' | 'orders' | 'codes' | null;

/** Goes to another desktop screen of this client, with a query (`?tab=renew`) if given. */
export function useScreenLink() {
  const navigate = useNavigate();
  const clientNo = useParams().clientNo ?? '';
  return useCallback(
    (screen: ShopLink, search = '') => void navigate(screen ? `/${screen}/${clientNo}${search}` : `/${clientNo}`),
    [navigate, clientNo],
  );
}
