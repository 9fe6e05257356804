//! One spelling of every budget rule: [`minimum_memory`] is the least
//! budget the search accepts, below it is an error stating it, and no
//! search holds more than its budget.

use gametree::{Algorithm, Config, Error, maximum_memory, minimum_memory, search};
use tree_core::{GenSpec, Generator, Tree, minimax};

#[test]
fn the_minimum_is_accepted_one_less_is_refused_and_the_peak_stays_within() {
    for (b, d) in [(2, 5), (3, 4), (4, 3), (5, 2)] {
        let tree = GenSpec::new(Generator::RANDOM, b, d, 4, 0).build().unwrap();
        let shape = tree.bounds().unwrap();
        for &a in Algorithm::ALL {
            let least = minimum_memory(a, shape);
            let most = maximum_memory(a, shape);
            if !a.takes_memory() {
                assert_eq!((least, most), (None, None), "{a}");
                let r = search(a, &tree, &Config::default());
                assert_eq!(r.map(|r| r.memory_budget).ok().flatten(), None, "{a}");
                continue;
            }
            let (least, most) = (least.unwrap(), most.unwrap());
            assert!(least <= most, "{a} ({b},{d})");
            for m in [least, (least + most) / 2, most, most + 7] {
                let r = search(a, &tree, &Config::default().memory(m))
                    .unwrap_or_else(|e| panic!("{a} ({b},{d}) M = {m}: {e}"));
                assert_eq!(r.value, minimax(&tree), "{a} M = {m}");
                let peak = r.peak_memory.unwrap();
                assert!(peak <= m, "{a} ({b},{d}) M = {m}: peak {peak}");
                // The budget held to: the one asked for, or the most the
                // tree can use when more was asked.
                assert_eq!(r.memory_budget, Some(m.min(most)), "{a} ({b},{d}) M = {m}");
                assert!(peak <= r.memory_budget.unwrap(), "{a} M = {m}");
            }
            let r = search(a, &tree, &Config::default().memory(usize::MAX)).unwrap();
            assert_eq!(r.memory_budget, Some(most), "{a} ({b},{d}) M = usize::MAX");
            let r = search(a, &tree, &Config::default()).unwrap();
            assert_eq!(r.memory_budget, Some(most), "{a} ({b},{d}) its own budget");
            if least > 1 {
                match search(a, &tree, &Config::default().memory(least - 1)) {
                    Err(e @ Error::BestFirst(_)) => {
                        assert!(e.to_string().contains(&least.to_string()), "{a}: {e}")
                    }
                    other => panic!("{a} ({b},{d}) below its minimum {least}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn impossible_shapes_give_none_not_a_hang() {
    let huge = tree_core::Bounds {
        branching: 3,
        depth: usize::MAX,
        uniform: true,
    };
    let wide = tree_core::Bounds {
        branching: usize::MAX,
        depth: 3,
        uniform: true,
    };
    for &a in Algorithm::ALL {
        assert_eq!(minimum_memory(a, huge), None, "{a}");
        assert_eq!(maximum_memory(a, wide), None, "{a}");
    }
}

#[test]
fn a_memory_the_machine_cannot_give_is_an_error_not_an_abort() {
    // (4096,5): b^⌈d/2⌉ = 2^36 OPEN entries, several terabytes. Searches
    // sized by the tree (the default, or a huge budget capped at what the
    // tree can use) must say that they cannot have it; those that start at
    // their minimum run, stopped by the leaf limit. Only where the system
    // refuses what it cannot give: with overcommit mode 1 ("always") the
    // allocation succeeds, and filling it would exhaust the machine.
    if !tree_core::corpus::refuses_impossible_allocations() {
        return;
    }
    let tree = GenSpec::new(Generator::RANDOM, 4096, 5, 4, 0)
        .build()
        .unwrap();
    let mut refused = 0;
    for &a in Algorithm::ALL {
        if !a.takes_memory() {
            continue;
        }
        for config in [Config::default(), Config::default().memory(usize::MAX)] {
            match search(a, &tree, &config.max_leaves(2_000)) {
                Ok(r) => assert!(r.stopped.is_some() || r.leaves <= 2_000, "{a}"),
                Err(Error::BestFirst(
                    e @ (search_bestfirst::BestFirstError::OutOfMemory { .. }
                    | search_bestfirst::BestFirstError::TooLarge { .. }),
                )) => {
                    assert!(e.to_string().contains("OPEN"), "{a}: {e}");
                    refused += 1;
                }
                Err(e) => panic!("{a}: {e}"),
            }
        }
    }
    assert!(refused > 0, "no search was refused");
}
