/**
 * One client per platform print component for the whole page, shared by the settings page and
 * (later) the scan station: checked once when first shown, re-checked on demand.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { type ComponentStatus, createPlatformPrintClient, type PlatformPrintClient } from './client';
import {
  COMPONENT_PORTS_STORAGE_KEY,
  COMPONENT_SOURCES,
  componentUrl,
  configuredComponentPorts,
  type PlatformPrintData,
  type PrintComponentSource,
} from './components';
import { readComponentPrinters } from './printer-choice';

let clients: Record<PrintComponentSource, PlatformPrintClient> | null = null;
let snapshot: Record<PrintComponentSource, ComponentStatus> | null = null;
let checked = false;
const listeners = new Set<() => void>();

function all(): Record<PrintComponentSource, PlatformPrintClient> {
  if (clients) return clients;
  // The port override is read once per page, as the C-Lodop one is: set it, then reload.
  const ports = configuredComponentPorts(window.localStorage.getItem(COMPONENT_PORTS_STORAGE_KEY));
  const made = Object.fromEntries(COMPONENT_SOURCES.map((s) => [s, createPlatformPrintClient(s, { url: componentUrl(s, ports) })])) as Record<
    PrintComponentSource,
    PlatformPrintClient
  >;
  for (const c of Object.values(made)) {
    c.subscribe(() => {
      snapshot = null;
      for (const l of listeners) l();
    });
  }
  clients = made;
  return made;
}

function statuses(): Record<PrintComponentSource, ComponentStatus> {
  snapshot ??= Object.fromEntries(COMPONENT_SOURCES.map((s) => [s, all()[s].status()])) as Record<PrintComponentSource, ComponentStatus>;
  return snapshot;
}

export function recheckComponent(source: PrintComponentSource): Promise<ComponentStatus> {
  return all()[source].connect();
}

/** Checks every component once per page. */
export function ensureComponentsChecked(): void {
  if (checked) return;
  checked = true;
  for (const s of COMPONENT_SOURCES) void recheckComponent(s);
}

/**
 * Prints a platform's waybills on this computer's chosen printer for that component (its default
 * when none is chosen). Rejects with a ComponentPrintError carrying the Chinese reason.
 */
export async function printPlatformWaybills(source: PrintComponentSource, printData: PlatformPrintData[]): Promise<void> {
  const client = all()[source];
  if (client.status().state !== 'connected' && client.status().state !== 'failed') await client.connect();
  await client.print(printData, readComponentPrinters()[source] ?? '');
}

export function usePlatformPrintComponents(): Record<PrintComponentSource, ComponentStatus> {
  useEffect(() => {
    ensureComponentsChecked();
  }, []);
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, statuses);
}
