//! scratch
use search_depthfirst::{TranspositionTable, mt_dual, mt_sss, mtdf};
use tree_core::{Counted, GenSpec, Generator, HashTree, Tree, Value};

fn run<T: Tree + ?Sized>(t: &T, d: &str, tt: &mut TranspositionTable) -> (u64, usize, Value) {
    let c = Counted::new(t);
    let o = match d {
        "sss" => mt_sss(&c, tt),
        "dual" => mt_dual(&c, tt),
        "mtdfv" => mtdf(&c, tt, tree_core::minimax(t)),
        _ => mtdf(&c, tt, Value::from_small(0)),
    }
    .unwrap();
    (c.stats().leaves, tt.len(), o.value)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("time") {
        let bytes: usize = args[1].parse().unwrap();
        for d in ["sss", "dual"] {
            let mut tot = 0;
            let start = std::time::Instant::now();
            for seed in 0..3u64 {
                let t = GenSpec::new(Generator::RANDOM, 8, 9, seed, 0).build().unwrap();
                let mut tt = TranspositionTable::with_bytes(bytes).unwrap();
                tot += run(&t, d, &mut tt).0;
            }
            println!("{d}: {tot} leaves {:?}", start.elapsed());
        }
        return;
    }
    if args.first().map(String::as_str) == Some("eval") {
        let fracs = [0.03, 0.06, 0.125, 0.25, 0.5, 0.75, 0.95];
        let mut trees: Vec<(String, Box<dyn Tree<Node = tree_core::HashNode>>)> = Vec::new();
        for (b, d, n) in [(8usize, 5usize, 4u64), (4, 8, 4), (2, 14, 3), (16, 4, 3), (3, 10, 3), (8, 6, 2), (8, 7, 1), (2, 18, 1), (5, 8, 1)] {
            for seed in 0..n {
                trees.push((format!("h{b}x{d}/{seed}"), Box::new(HashTree::new(b, d, seed).unwrap())));
            }
        }
        let mut gens = Vec::new();
        for (b, d, n) in [(8usize, 6usize, 2u64), (4, 8, 3)] {
            for seed in 0..n {
                gens.push(GenSpec::new(Generator::RANDOM, b, d, seed, 0).build().unwrap());
            }
        }
        let mut logsum = [[0f64; 7]; 3];
        let mut count = 0usize;
        for (di, d) in ["sss", "dual", "mtdfv"].iter().enumerate() {
            let mut one = |t: &dyn Fn(&mut TranspositionTable) -> (u64, usize)| {
                let mut big = TranspositionTable::with_bytes(1 << 30).unwrap();
                let (base, need) = t(&mut big);
                for (fi, f) in fracs.iter().enumerate() {
                    let e = ((need as f64 * f) as usize).max(1);
                    let mut tt = TranspositionTable::with_bytes(e * 16).unwrap();
                    let (l, _) = t(&mut tt);
                    logsum[di][fi] += (l as f64 / base as f64).ln();
                }
            };
            for (_, t) in &trees {
                one(&|tt| { let r = run(t.as_ref(), d, tt); (r.0, r.1) });
                if di == 0 { count += 1; }
            }
            for t in &gens {
                one(&|tt| { let r = run(t, d, tt); (r.0, r.1) });
                if di == 0 { count += 1; }
            }
        }
        let mut out = String::new();
        for (di, d) in ["sss", "dual", "mtdf"].iter().enumerate() {
            out += &format!("{d:>5}:");
            for fi in 0..fracs.len() {
                out += &format!(" {:6.2}", (logsum[di][fi] / count as f64).exp());
            }
            out += "\n";
        }
        print!("{out}");
        return;
    }
    if args.first().map(String::as_str) == Some("probe") {
        let mut tot = [(0u64, 0u64); 4];
        for k in 0..4u64 {
            let trees: Vec<Box<dyn Fn() -> (u64, u64)>> = vec![];
            let _ = trees;
            let t = GenSpec::new(Generator::RANDOM, 8, 9, 0, k).build().unwrap();
            let h = HashTree::new(8, 9, k + 1).unwrap();
            let mut big = TranspositionTable::with_bytes(1 << 31).unwrap();
            let mut def = TranspositionTable::new();
            let a = run(&t, "sss", &mut big).0; let b = run(&t, "sss", &mut def).0;
            let c = run(&h, "sss", &mut big).0; let d = run(&h, "sss", &mut def).0;
            println!("k {k}: gen(0,k) {a} {b}  hash(k+1) {c} {d}");
            tot[0].0 += a; tot[0].1 += b; tot[1].0 += c; tot[1].1 += d;
        }
        return;
    }
    if args.first().map(String::as_str) == Some("big") {
        for seed in 0..3u64 {
            let t = GenSpec::new(Generator::RANDOM, 8, 9, seed, 0).build().unwrap();
            let h = HashTree::new(8, 9, seed).unwrap();
            for d in ["sss", "dual", "mtdf"] {
                let mut big = TranspositionTable::with_bytes(1 << 31).unwrap();
                let mut def = TranspositionTable::new();
                let mut fs = TranspositionTable::for_shape(t.bounds());
                println!("gen seed {seed} {d}: unlimited {:?} new {:?} for_shape {:?}", run(&t, d, &mut big), run(&t, d, &mut def), run(&t, d, &mut fs));
                println!("hash seed {seed} {d}: unlimited {:?} new {:?} for_shape {:?}", run(&h, d, &mut big), run(&h, d, &mut def), run(&h, d, &mut fs));
            }
        }
        return;
    }
    let t = HashTree::new(8, 5, 0).unwrap();
    for bytes in [0usize, 16, 1 << 10, 4 << 10, 16 << 10, 32 << 10, 64 << 10, 256 << 10] {
        let mut row = format!("{bytes:>8}");
        for d in ["sss", "dual", "mtdf"] {
            let mut tt = TranspositionTable::with_bytes(bytes).unwrap();
            let (l, n, v) = run(&t, d, &mut tt);
            row += &format!(" | {d} {l} ({n}) {v}");
        }
        println!("{row}");
    }
}
