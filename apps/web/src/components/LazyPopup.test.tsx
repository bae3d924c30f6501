import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyPopup } from './LazyPopup';

const sheet = (visible: boolean) => (
  <LazyPopup visible={visible}>
    <p>the sheet</p>
  </LazyPopup>
);
/** antd-mobile's Popup and mask, wherever they render. */
const popups = () => document.body.querySelectorAll('.adm-popup');

describe('a popup mounted when it first opens', () => {
  it('renders nothing while it has never been open, then opens and stays mounted once closed', async () => {
    const { rerender } = render(sheet(false));
    expect(popups()).toHaveLength(0);
    rerender(sheet(true));
    expect(await screen.findByText('the sheet')).toBeTruthy();
    expect(popups()).toHaveLength(1);
    act(() => rerender(sheet(false)));
    expect(popups()).toHaveLength(1);
  });

  it('shows its content at once when open from its first render', () => {
    render(sheet(true));
    expect(screen.getByText('the sheet')).toBeTruthy();
  });
});
