//! Every game's position forms, held to one property: each position a game reaches is written in
//! every form the game lists ([`Game::POSITION_FORMS`]) and read back as the same position under
//! the game's rulings; a form the game does not list is refused, never written.

use crate::game::{Game, PositionForm};
use crate::random_game::random_game;
use crate::rulings::RulingSet;

fn positions_round_trip<G: Game>(seed: u64) {
    let rulings = RulingSet::new().resolve::<G>().unwrap();
    let game = random_game::<G>(&G::start(), &rulings, seed, 120);
    let mut pos = G::start();
    for mv in std::iter::once(None).chain(game.moves.iter().map(Some)) {
        if let Some(&mv) = mv {
            pos = G::play(&pos, &rulings, mv, &mut ()).unwrap();
        }
        for form in PositionForm::ALL {
            let written = G::format_position(form, &pos);
            if !G::POSITION_FORMS.contains(&form) {
                assert!(written.is_err(), "{} wrote a {form} position", G::NAME);
                continue;
            }
            // Donkers' form alone may lack a field (a reserver's obligation due).
            let Ok(text) = written else {
                assert_eq!(form, PositionForm::Donkers);
                continue;
            };
            assert_eq!(PositionForm::of(&text), form, "{text}");
            let read = G::parse_position_under(&text, &rulings);
            assert_eq!(read.as_ref(), Ok(&pos), "{} {form}: {text}", G::NAME);
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(16))]

    #[test]
    fn every_game_writes_and_reads_back_its_positions(seed in proptest::prelude::any::<u64>()) {
        positions_round_trip::<super::Kingulu>(seed);
        positions_round_trip::<super::Kimasai>(seed);
        positions_round_trip::<super::Kete>(seed);
        positions_round_trip::<super::Zanzibar>(seed);
    }
}
