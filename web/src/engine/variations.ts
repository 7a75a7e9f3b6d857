// The analysis board's tree of variations: every node is a position reached by one decision
// from its parent; the first child is the main line, the others are variations. Decisions
// are carried out by the rules core (rules.ts), so only legal ones enter the tree.
import type { Position, Side } from "../board/types";
import { applyDecision, parsePosition } from "./rules";

export interface VNode {
  id: number;
  /** The decision that led here (null at the root). */
  decision: string | null;
  /** Who made it. */
  side: Side | null;
  position: Position;
  parent: VNode | null;
  children: VNode[];
  /** Decisions from the root (the node's depth). */
  ply: number;
}

export class Variations {
  readonly root: VNode;
  private nextId = 1;

  constructor(start: Position) {
    this.root = { id: 0, decision: null, side: null, position: withLegal(start), parent: null, children: [], ply: 0 };
  }

  /** The child of `node` reached by `decision`: found, or added as a new variation (or main line). */
  play(node: VNode, decision: string): VNode {
    const a = applyDecision(node.position, decision); // throws ApplyError if illegal
    const known = node.children.find((c) => c.decision === a.decision);
    if (known) return known;
    const child: VNode = {
      id: this.nextId++,
      decision: a.decision,
      side: node.position.side,
      position: a.position,
      parent: node,
      children: [],
      ply: node.ply + 1,
    };
    node.children.push(child);
    return child;
  }

  /** Plays decisions one after another along first matches; stops at the first illegal one. */
  playLine(from: VNode, decisions: readonly string[]): VNode {
    let n = from;
    for (const d of decisions) n = this.play(n, d);
    return n;
  }

  /** Makes the variation through `node` the main line at every fork above it. */
  promote(node: VNode): void {
    for (let n = node; n.parent; n = n.parent) {
      const siblings = n.parent.children;
      siblings.splice(siblings.indexOf(n), 1);
      siblings.unshift(n);
    }
  }

  /** Removes `node` and what follows it. */
  remove(node: VNode): void {
    if (!node.parent) return;
    node.parent.children = node.parent.children.filter((c) => c !== node);
  }
}

/** The decisions from the root to `node`. */
export function pathTo(node: VNode): string[] {
  const out: string[] = [];
  for (let n: VNode | null = node; n?.decision; n = n.parent) out.unshift(n.decision);
  return out;
}

/** The main line from `node`: it and its first children. */
export function mainLine(node: VNode): VNode[] {
  const out = [node];
  for (let n = node; n.children[0]; n = n.children[0]) out.push(n.children[0]);
  return out;
}

function withLegal(p: Position): Position {
  return p.legal ? p : parsePosition(p.text);
}
