// Reading Preact's element tree in unit tests, which have no DOM: function components
// are called, and what they return is flattened into elements and text.

import { type ComponentChildren, type VNode, isValidElement } from "preact";

export type Props = { class?: string; children?: ComponentChildren; [k: string]: unknown };

/** Expand function components and flatten the tree into its elements. */
export function elements(node: ComponentChildren): VNode<Props>[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!isValidElement(node)) return [];
  const v = node as VNode<Props>;
  if (typeof v.type === "function") return elements((v.type as (p: Props) => ComponentChildren)(v.props));
  return [v, ...elements(v.props.children)];
}

/** The text a tree shows. */
export function text(node: ComponentChildren): string {
  if (Array.isArray(node)) return node.map(text).join("");
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (!isValidElement(node)) return "";
  const v = node as VNode<Props>;
  if (typeof v.type === "function") return text((v.type as (p: Props) => ComponentChildren)(v.props));
  return text(v.props.children);
}
